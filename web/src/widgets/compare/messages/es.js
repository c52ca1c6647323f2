// Los mensajes de <posenc-compare> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.compare': 'comparación',

  'compare.title': 'Comparar dos posiciones',
  'compare.howto': 'Elige dos tokens (con un clic, o con las flechas e Intro). La elección más reciente sustituye a la más antigua.',
  'compare.howtoTouch': 'Elige dos tokens: tócalos. La elección más reciente sustituye a la más antigua.',
  'compare.strip': 'Posiciones de los tokens',
  'compare.atPosition': ' en la posición ',
  'compare.positionPrefix': 'posición ',
  'compare.selectedAs': ', elegido como {slot}',
  'compare.comparing': 'Comparamos',
  'compare.with': 'con',
  'compare.tokenAt': '(posición {position})',
  'compare.position': 'posición {position}',
  'compare.results': 'Resultados de la comparación',
  'compare.dot': 'Producto escalar',
  'compare.cosine': 'Similitud coseno',
  'compare.euclidean': 'Distancia euclídea',
  'compare.value': 'valor',
  'compare.pick': 'Elige dos posiciones para compararlas.',
  'compare.aria': 'Gráficos de barras de las dos codificaciones, de {dModel} dimensiones cada una. Las flechas izquierda y derecha leen una dimensión.',
  'compare.hover': 'Pasa el puntero o usa las flechas sobre las barras para leer cada dimensión.',
  'compare.hoverTouch': 'Toca las barras para leer cada dimensión.',
  'compare.hoverValue': 'dimensión {dimension}: A = {a}, B = {b}',
  'compare.axis': 'dimensión 0 … {last} (barras de −1 a +1)',
  'compare.picture': 'Posición {a} frente a {b}, d_model {dModel}',
  'compare.tooManyChips': 'length: {asked} supera las {max} fichas, así que se muestran las posiciones 0 a {last}',
  'compare.insightZeroVector': 'Con d_model 1 cada codificación es el número sin(p), y PE(0) = 0: el vector nulo no tiene dirección, así que el coseno no está definido (el motor da 0). Aquí solo tienen sentido el producto escalar {dot} y la distancia euclídea {distance}.',
  'compare.insightNarrow': { one: 'Separación {gap} con d_model {dModel}: solo hay un par seno/coseno, que gira deprisa, y ningún par lento que mantenga parecidas las posiciones lejanas. El coseno ({cosine}) sube y baja con la separación en vez de caer de forma continua; aumenta d_model para ver actuar las dimensiones lentas.', other: 'Separación {gap} con d_model {dModel}: solo hay {count} pares seno/coseno, todos girando deprisa, y ningún par lento que mantenga parecidas las posiciones lejanas. El coseno ({cosine}) sube y baja con la separación en vez de caer de forma continua; aumenta d_model para ver actuar las dimensiones lentas.' },
  'compare.insightSame': 'La misma posición dos veces: los vectores son idénticos, así que el coseno vale exactamente 1 y la distancia 0. El producto escalar {dot} es la longitud al cuadrado de cualquier fila (d_model/2 = {half} si d_model es par).',
  'compare.insightNeighbours': 'Vecinas (separación 1): coseno {cosine}, muy parecidas; aun así, las dimensiones rápidas ya han girado cerca de un radián, así que la distancia euclídea {distance} es claramente mayor que cero. El modelo puede distinguirlas.',
  'compare.insightNear': 'Separación {gap}: los pares más rápidos ya apuntan en direcciones sin relación, mientras los lentos siguen coincidiendo; por eso la similitud ({cosine}) baja a medida que crece la separación.',
  'compare.insightMid': 'Separación {gap}: los pares rápidos apuntan ya en cualquier dirección (alguno puede volver a alinearse por casualidad) y los lentos siguen coincidiendo; coseno {cosine}, distancia euclídea {distance}. Desplaza los dos tokens la misma cantidad: los números no cambian, porque solo dependen de la separación.',
  'compare.insightFar': 'Muy separadas (separación {gap}): las codificaciones apenas comparten algo más que las ondas más lentas (coseno {cosine}). La similitud no baja suavemente para siempre: oscila, porque cosenos de distintas velocidades vuelven a alinearse en parte.',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.compare': 'Comparar dos posiciones',
  'index.compare.h': 'Comparar dos posiciones',
  'index.compare.1': 'Elige dos tokens. Tres medidas habituales comparan sus vectores de posición {f0} y {f1}:',
  'index.compare.2':
    'Todas las filas tienen la misma norma, {f0} (cada par aporta {f1}), así que los tres números cuentan la misma historia. Y como {f2}, el producto escalar es una suma de cosenos de la <em>separación</em>:',
  'index.compare.3': '<strong>Pruébalo.</strong> Compara las posiciones 0 y 1, y luego 3 y 4: números idénticos. Después aumenta la separación.',
  'index.cmp.tokens': 'El,gato,duerme,en,la,alfombra',
};
