// pe.buffer(): float32 arrays that live in engine memory, so kernels read and write them in place with no
// copy in or out (the fast path for large tensors). The engine's memory can grow during any call, which
// detaches every earlier view of it; a buffer's `array` is re-made whenever that happened, so read it again
// after engine calls instead of keeping it. Buffers are freed explicitly: a view (or a subarray of one)
// can outlive its handle, so freeing on garbage collection could hand memory still in view to another buffer.
import { typedArrayParts } from './typed-arrays.js';

// The key marking what the engine receives in place of a pe.buffer or a view of engine memory. Only
// bufferRef() makes such objects: the facade drops this key from every object it copies from the caller.
export const REF_KEY = 'posencBuffer';

// `state` is 'live', 'freed', 'stale' (a view from before the memory grew) or 'foreign' (not float32); the
// engine checks that a live range lies inside one live buffer. `handle` / `view` are what the caller passed.
function bufferRef(state, address, length, { handle, view } = {}) {
  return { [REF_KEY]: state, address, length, handle, view };
}

export function bufferSupport(module) {
  const memory = () => module.HEAPF32.buffer;
  const seenMemories = new WeakSet();  // every memory a view was made of: views of an older one are stale
  const CONSTRUCTING = Symbol('pe.buffer');

  function viewOf(address, length) {
    const buffer = memory();
    seenMemories.add(buffer);
    return new Float32Array(buffer, address, length);
  }

  class EngineBuffer {
    #address;
    #length;
    #view = null;
    #freed = false;

    constructor(token, address, length) {
      if (token !== CONSTRUCTING) throw new TypeError('engine buffers are made by pe.buffer(length)');
      this.#address = address;
      this.#length = length;
    }

    get length() {
      return this.#length;
    }

    get freed() {
      return this.#freed;
    }

    // A Float32Array view of the buffer's memory: valid until the engine's memory next grows.
    get array() {
      if (this.#freed) throw new TypeError('this pe.buffer was freed');
      if (this.#view === null || this.#view.buffer !== memory()) this.#view = viewOf(this.#address, this.#length);
      return this.#view;
    }

    // Returns the memory to the engine; the buffer (and views of it) must not be used afterwards.
    free() {
      if (this.#freed) return;
      this.#freed = true;
      this.#view = null;
      module.buffer_free(this.#address);
    }

    static ref(value) {
      if (typeof value === 'object' && value !== null && #address in value)
        return bufferRef(value.#freed ? 'freed' : 'live', value.#address, value.#length, { handle: value });
      return undefined;
    }
  }
  // `using x = pe.buffer(n)` frees at the end of the block where explicit resource management exists.
  if (typeof Symbol.dispose === 'symbol') EngineBuffer.prototype[Symbol.dispose] = EngineBuffer.prototype.free;

  return {
    create(length) {
      const address = module.buffer_allocate(length);
      if (address instanceof Error) throw address;
      return new EngineBuffer(CONSTRUCTING, address, length);
    },
    // The ref for a pe.buffer or a typed array over engine memory; undefined for anything else.
    ref(value) {
      const own = EngineBuffer.ref(value);
      if (own) return own;
      const parts = typedArrayParts(value);
      if (!parts) return undefined;
      if (parts.buffer === memory())
        return bufferRef(parts.type === 'Float32Array' ? 'live' : 'foreign', parts.byteOffset, parts.length, { view: value });
      if (seenMemories.has(parts.buffer)) return bufferRef('stale', 0, 0);
      return undefined;
    },
    // What a call that filled `into` in place returns: the caller's buffer, or its view while that is
    // still current (a fresh one if the memory grew during the call).
    filled(ref) {
      if (ref.handle) return ref.handle;
      return typedArrayParts(ref.view)?.buffer === memory() ? ref.view : viewOf(ref.address, ref.length);
    },
  };
}
