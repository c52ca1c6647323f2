// Los mensajes de <posenc-pipeline> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.pipeline': 'paso a paso',

  'pipeline.title': 'Del token a la entrada del modelo, paso a paso',
  'pipeline.stage.token': 'Token',
  'pipeline.stage.token.text': 'El fragmento de texto en la posición {position}. Un tokenizador lo convierte en un id del vocabulario: aquí {id} (un vocabulario de juguete de 50 000 entradas).',
  'pipeline.stage.embedding': 'Consulta de la incrustación',
  'pipeline.stage.embedding.text': 'La fila {id} de la tabla de incrustaciones. Dice qué token es, nada sobre dónde está. Se inicializa con una distribución normal de media 0 y desviación típica 1/√d_model, como en los Transformers que comparten esta tabla con la capa de salida.',
  'pipeline.stage.scaled': 'Escalar por √d_model = {factor}',
  'pipeline.stage.scaled.text': 'Multiplicar por √d_model lleva la incrustación a escala unidad, del mismo orden que los valores de la codificación en [−1, 1]; sin ello, la señal posicional ahogaría al token.',
  'pipeline.stage.pe': 'Codificación posicional PE({position})',
  'pipeline.stage.pe.text': 'El motor la calcula con la fórmula: no se aprende nada. Las dimensiones pares tienen senos y las impares, cosenos; las barras de la izquierda cambian deprisa con la posición y las de la derecha, despacio.',
  'pipeline.stage.sum': 'Suma',
  'pipeline.stage.sum.text': 'Suma elemento a elemento: el mismo tamaño que antes, pero ahora lleva a la vez qué es el token y dónde está. Esto es lo que ve la primera capa de atención.',
  'pipeline.stage.dropout': 'Dropout (p = {p}, solo en entrenamiento)',
  'pipeline.stage.dropout.text': 'Durante el entrenamiento cada valor se pone a cero con probabilidad {p} y los que quedan se dividen por {keep}, de modo que el valor esperado no cambia. En inferencia este paso no hace nada.',
  'pipeline.dropoutRange': 'de 0 a 0,9',
  'pipeline.stepRange': 'un paso de 1 a {last}',
  'pipeline.token': 'Token',
  'pipeline.position': 'Posición',
  'pipeline.playback': 'Reproducción',
  'pipeline.play': 'Reproducir',
  'pipeline.pause': 'Pausa',
  'pipeline.back': 'Atrás',
  'pipeline.step': 'Paso',
  'pipeline.stage': 'Etapa',
  'pipeline.stageValue': 'etapa {step} de {count}: {title}',
  'pipeline.readout': 'Etapa {step} de {count}: {title}. {text}',
  'pipeline.shape': 'forma {shape} · ‖v‖ = {norm}',
  'pipeline.chartAria': '{title}: gráfico de barras de {count} valores. Las flechas leen cada valor.',
  'pipeline.dropped': '0 (descartado)',
  'pipeline.hover': 'Pasa el puntero por una barra (o enfoca un gráfico y usa las flechas) para leer los valores de una dimensión en todas las etapas.',
  'pipeline.hoverTouch': 'Toca una barra para leer los valores de una dimensión en todas las etapas.',
  'pipeline.thenDropout': ' y después dropout durante el entrenamiento',
  'pipeline.picture': '"{token}" en la posición {position}: {steps} (d_model {dModel})',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.pipeline': 'Del token a la entrada del modelo',
  'index.pipeline.h': 'Del token a la entrada del modelo',
  'index.pipeline.1':
    'En el modelo, el vector de posición se suma, elemento a elemento, a la incrustación (embedding) del token. La incrustación dice <em>qué</em> token es; la codificación dice <em>dónde</em> está; su suma lleva las dos cosas. En la práctica importan dos detalles: el Transformer multiplica la incrustación por {f0} antes de la suma (sus pesos de incrustación empiezan siendo pequeños, del orden de {f1}, y de lo contrario quedarían ahogados por los valores de la codificación, de tamaño 1), y durante el entrenamiento se aplica dropout a la suma.',
  'index.pipe.token': 'Hola',
};
