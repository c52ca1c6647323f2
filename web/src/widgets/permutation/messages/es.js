// Los mensajes de <posenc-permutation> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.permutation': 'permutación',

  'permutation.title': 'Por qué la atención no ve el orden',
  'permutation.shuffle': 'Barajar',
  'permutation.reverse': 'Invertir',
  'permutation.addEncoding': 'añadir codificación posicional',
  'permutation.original': 'Orden original',
  'permutation.shuffled': 'Orden barajado',
  'permutation.tableCaption': 'salida de la atención por token',
  'permutation.firstValues': ', primeros {shown} de {count} valores',
  'permutation.token': 'token',
  'permutation.same': 'La salida de cada token es {exactly} en los dos órdenes: diferencia máxima {zero}. La atención vio una bolsa de palabras.',
  'permutation.exactlySame': 'exactamente la misma',
  'permutation.sameSentence': 'Este orden forma {sentence}: solo se intercambiaron copias de una palabra repetida. Cada una está ahora en otra posición, así que su propia salida cambia (diferencia máxima {diff}), pero casilla a casilla las dos pasadas ven las mismas palabras y dan las mismas salidas: no hay nada que distinguir.',
  'permutation.theSameSentence': 'la misma oración',
  'permutation.changes': 'Con las posiciones añadidas, las salidas {change} cuando cambia el orden: diferencia máxima {diff}. Ahora el modelo puede distinguir las oraciones.',
  'permutation.change': 'cambian',
  'permutation.rounding': 'Diferencia máxima {diff}: solo redondeo de coma flotante (las sumas se hicieron en otro orden); las salidas son las mismas.',
  'permutation.note': 'El vector de cada palabra sale de una tabla de incrustaciones con semilla fija; la atención usa esos mismos vectores como consultas, claves y valores.',
  'permutation.noteWith': 'A la palabra de la posición k se le suma PE(k), así que una palabra que se mueve lleva otro vector.',
  'permutation.noteWithout': 'Nada en la entrada dice dónde está cada palabra.',
  'permutation.tooMany': 'tokens: se dieron {given}, caben como mucho {max}, así que se usan los {max} primeros',
  'permutation.badOrder': 'order: {order} no es una permutación de 0 a {last} (cada uno una vez), así que se muestra {shown}',
  'permutation.pictureWith': 'Con codificación posicional: mayor cambio {diff}',
  'permutation.pictureWithout': 'Sin codificación posicional: mayor cambio {diff}',
  'permutation.positionOriginal': 'posición (original)',
  'permutation.positionShuffled': 'posición (barajado)',
  'permutation.maxDiff': 'máx. |Δ| de su fila de salida',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.order': 'Por qué importa el orden',
  'index.order.h': 'Por qué importa el orden',
  'index.order.1':
    'La autoatención puntúa cada token frente a todos los demás, convierte las puntuaciones en pesos y mezcla los vectores de los tokens con esos pesos. En esa receta no aparece ninguna posición. Si se reordenan las palabras, cada una se encuentra con los mismos compañeros y las mismas puntuaciones, así que termina con la misma salida: solo cambia la fila en la que cae. «Perro muerde hombre» y «hombre muerde perro» producirían los mismos tres vectores.',
  'index.order.2':
    '<strong>Pruébalo.</strong> Baraja las palabras y observa la columna de diferencias: cero, para cada token. Después marca <em>añadir codificación posicional</em> y vuelve a barajar.',
  'index.order.3':
    'Sin ayuda, la atención lee una oración como una bolsa de palabras. La solución es meter la posición en el vector de cada token antes de que la atención llegue a verlo. (Esto es atención sin máscara, como en un codificador. La máscara causal de un decodificador, que solo deja a cada token ver los anteriores, ya rompe la simetría: la salida de un token depende de cuántos tokens lo preceden, y los modelos de lenguaje entrenados sin ninguna codificación posicional aprenden solo con eso cierta noción de posición, Haviv et al. 2022.)',
  'index.perm.tokens': 'Yo,amo,París',
};
