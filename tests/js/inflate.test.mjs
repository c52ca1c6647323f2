// The inflater of the bytes the classic bundles carry deflated (web/src/engine/inflate.js): what the build
// writes (zlib's deflate format, base64) comes back byte for byte, in many chunks too, and a corrupt input is
// an error, not a short or empty result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { inflate, inflateText } from '../../web/src/engine/inflate.js';

const b64 = (bytes) => deflateSync(bytes, { level: 9 }).toString('base64');

test('inflate returns the deflated bytes, over many output chunks', async () => {
  const bytes = new Uint8Array(300_000);
  let x = 1;
  for (let i = 0; i < bytes.length; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24 & (i % 7 ? 0x0f : 0xff);
  assert.deepEqual(await inflate(b64(bytes)), bytes);
  assert.deepEqual(await inflate(b64(new Uint8Array(0))), new Uint8Array(0));
});

test('inflateText decodes UTF-8', async () => {
  const text = JSON.stringify({ es: 'posición', 'zh-CN': '位置编码' });
  assert.equal(await inflateText(b64(Buffer.from(text))), text);
});

test('a corrupt or truncated input rejects', async () => {
  const good = deflateSync(Buffer.from('positional encodings '.repeat(200)));
  await assert.rejects(inflate(Buffer.from([1, 2, 3, 4, 5]).toString('base64')));
  await assert.rejects(inflate(good.subarray(0, good.length - 8).toString('base64')));
});
