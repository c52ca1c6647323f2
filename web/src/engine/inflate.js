// Bytes the classic bundles carry compressed (scripts/build.mjs and build-web.mjs write them: zlib's deflate
// format, base64): the wasm builds and the catalogues beyond English. Stored as base64 of deflated bytes, a
// wasm build costs what its gzip does (the server's gzip cannot shrink it further, nor does it need to), where
// plain base64 costs a third more; inflated by the browser's own DecompressionStream, off the main thread's
// JavaScript (Chrome 80, Firefox 113, Safari 16.4 and later; 'deflate' rather than 'deflate-raw', which
// Chrome only has since 103).

/** True when this browser can inflate what the bundles store compressed. */
export const canInflate = () => typeof DecompressionStream === 'function';

/** The bytes of `base64`, deflated by the build, inflated. */
export async function inflate(base64) {
  if (!canInflate()) throw new Error('this browser cannot decompress the inlined engine (DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 and later)');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** UTF-8 text stored deflated (a catalogue as JSON), inflated and decoded. */
export const inflateText = async (base64) => new TextDecoder().decode(await inflate(base64));
