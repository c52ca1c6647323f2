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
  // written and read through the stream's own writer and reader, which settle in microtasks: through a Blob's
  // stream (and a Response) each chunk waited for a task of its own, so on a phone loading a page the engine's
  // 130 KB took 0.8 s behind the page's other tasks, where this takes 10-15 ms (CPU x4)
  const ds = new DecompressionStream('deflate');
  const writer = ds.writable.getWriter();
  // (a corrupt input rejects these too; the reader below reports it)
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = ds.readable.getReader();
  const parts = [];
  let length = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    parts.push(r.value);
    length += r.value.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** UTF-8 text stored deflated (a catalogue as JSON), inflated and decoded. */
export const inflateText = async (base64) => new TextDecoder().decode(await inflate(base64));
