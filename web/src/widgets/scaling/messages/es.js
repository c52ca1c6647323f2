// Los mensajes de <posenc-scaling> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.scaling': 'escalado',

  'scaling.title': 'Estirar RoPE a contextos más largos',
  'scaling.name.default': 'por defecto (sin escalado)',
  'scaling.name.linear': 'lineal (interpolación de posiciones)',
  'scaling.name.dynamic': 'NTK dinámico',
  'scaling.type': 'tipo',
  'scaling.axisGroup': 'Eje vertical',
  'scaling.wavelength': 'longitud de onda',
  'scaling.inverseFrequency': 'frecuencia inversa',
  'scaling.solo': 'solo este tipo y el tipo por defecto',
  'scaling.base': 'base',
  'scaling.factor': 'factor',
  'scaling.originalContext': 'contexto original',
  'scaling.seqLen': 'longitud de secuencia (0: factor × original)',
  'scaling.presets': 'Configuraciones de ejemplo',
  'scaling.presetYarn': 'YaRN sobre Llama 2 (128k)',
  'scaling.presetLinear': 'lineal ×4 sobre Llama 2',
  'scaling.plotAria': 'Gráfico en escala logarítmica de {quantity} de cada uno de los {pairs} pares con los seis tipos de escalado, con {name} resaltado; marcado el contexto original, {original}. Las flechas izquierda y derecha mueven el cursor de par; arriba y abajo cambian de tipo.',
  'scaling.ofWavelength': 'la longitud de onda',
  'scaling.ofInverseFrequency': 'la frecuencia inversa',
  'scaling.plotShort': 'frecuencias de RoPE con cada tipo de escalado',
  'scaling.readout': 'par {pair}: θ por defecto = {defaultTheta} (longitud de onda {defaultWavelength}); θ con {type} = {theta} (longitud de onda {wavelength}). Factor de atención {factor}.',
  'scaling.tableAria': 'Tipos de escalado en el par del cursor',
  'scaling.colType': 'tipo',
  'scaling.colTheta': 'θ del par {pair}',
  'scaling.colWavelength': 'longitud de onda',
  'scaling.colFactor': 'factor de atención',
  'scaling.lesson': 'Los pares cuya longitud de onda supera el contexto original nunca completaron una vuelta durante el entrenamiento: las posiciones posteriores les dan ángulos que el modelo nunca ha visto. El escalado {linear} divide todas las frecuencias entre el factor (todo se ralentiza, incluidos los pares rápidos, que solo codifican el orden cercano). El {dynamic} aumenta la base en cuanto la secuencia supera el contexto original (aquí, la longitud objetivo es {target}). {yarn} y {llama3} dejan intactos los pares rápidos, dividen los lentos entre el factor y hacen una transición suave entre ambos; YaRN devuelve además un factor de atención que hace más nítida la softmax. {longrope} divide cada par entre su propio factor, obtenido por búsqueda{illustrative}, y usa la lista corta por debajo del contexto original.',
  'scaling.lessonLinear': 'lineal',
  'scaling.lessonDynamic': 'NTK dinámico',
  'scaling.illustrative': ' (aquí, una lista ilustrativa que sube de 1 al factor; pon en {attribute} la lista de un modelo)',
  'scaling.originalMark': 'contexto original {value}',
  'scaling.targetMark': 'objetivo {value}',
  'scaling.axisPair': 'par i (rápido → lento)',
  'scaling.axisWavelength': 'longitud de onda 2π/θ (posiciones, log.)',
  'scaling.axisFrequency': 'frecuencia inversa θ (rad por posición, log.)',
  'scaling.captionAbove': 'por encima de la línea morada: ni una vuelta completa dentro del contexto original',
  'scaling.captionBelow': 'por debajo de la línea morada: ni una vuelta completa dentro del contexto original',
  'scaling.picture': 'Escalado de RoPE: {name}, factor {factor}, original {original}, head_dim {headDim}, base {base}',
  'scaling.pairRange': 'un par de 0 a {last}',
};

/**
 * The demo's section on this widget, in methods.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'methods.toc.scaling': 'Estirar RoPE hacia textos más largos',
  'methods.scaling.h': 'Estirar RoPE hacia textos más largos',
  'methods.scaling.1':
    'Un modelo entrenado con 8192 tokens nunca ha visto girar sus pares lentos más allá de los ángulos que dan esas posiciones. Dale 64 000 tokens y esos pares apuntarán en direcciones de las que no tiene ninguna experiencia: es un problema de extrapolación. Los remedios cambian las frecuencias: frenarlo todo (interpolación lineal), subir la base (NTK, dinámico) o —lo que hacen Llama 3 y YaRN— dejar como están los pares rápidos, que codifican el orden de las palabras, frenar del todo los pares cuya longitud de onda supera el contexto de entrenamiento y mezclar ambos tratamientos en una franja de pares intermedia.',
  'methods.scaling.2':
    '<strong>Pruébalo.</strong> Cambia el tipo de escalado y observa qué parte de la curva se mueve. YaRN y LongRoPE devuelven además un <em>factor de atención</em> que escala los vectores rotados.',
};
