// pe.buffer(): float32 arrays that live in engine memory, so kernels read and write them in place with no
// copy in or out (the fast path for large tensors). The engine's memory can grow during any call, which
// detaches every earlier view of it; a buffer's `array` is re-made whenever that happened, so read it again
// after engine calls instead of keeping it.

// What the engine receives in place of a pe.buffer or a view of engine memory: a plain object the engine
// validates (a live buffer range, or an error naming the parameter), so no user object is read from C++.
// `handle` is the pe.buffer when one was passed; `owner` the buffer a passed view belongs to.
function bufferRef(state, address, length, { handle, owner } = {}) {
  return { posencBuffer: state, address, length, handle, owner };
}

export function bufferSupport(module) {
  const memory = () => module.HEAPF32.buffer;
  const seenMemories = new WeakSet();  // every memory a view was made of: views of an older one are stale
  const owners = new WeakMap();  // view -> its buffer: while a view is reachable, the buffer is not collected
  // A buffer that is dropped without free() is freed when it (and every view of it) has been collected.
  const collector = new FinalizationRegistry((address) => module.bufferFree(address));
  const CONSTRUCTING = Symbol('pe.buffer');

  function viewOf(address, length, handle) {
    const buffer = memory();
    seenMemories.add(buffer);
    const view = new Float32Array(buffer, address, length);
    if (handle) owners.set(view, handle);
    return view;
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
      collector.register(this, address, this);
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
      if (this.#view === null || this.#view.buffer !== memory()) this.#view = viewOf(this.#address, this.#length, this);
      return this.#view;
    }

    // Returns the memory to the engine; the buffer (and views of it) must not be used afterwards.
    free() {
      if (this.#freed) return;
      this.#freed = true;
      this.#view = null;
      collector.unregister(this);
      module.bufferFree(this.#address);
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
    EngineBuffer,
    create(length) {
      const address = module.bufferAllocate(length);
      if (address instanceof Error) throw address;
      return new EngineBuffer(CONSTRUCTING, address, length);
    },
    // The ref for a pe.buffer or a typed array over engine memory; undefined for anything else.
    ref(value) {
      const own = EngineBuffer.ref(value);
      if (own || !ArrayBuffer.isView(value)) return own;
      const { buffer } = value;
      if (buffer === memory())
        return bufferRef(value instanceof Float32Array ? 'live' : 'foreign', value.byteOffset, value.length, {
          owner: owners.get(value),
        });
      if (seenMemories.has(buffer)) return bufferRef('stale', 0, 0);
      return undefined;
    },
    // What a call that filled `into` in place returns: the caller's buffer, or a view that is current.
    filled(ref) {
      return ref.handle ?? viewOf(ref.address, ref.length, ref.owner);
    },
  };
}
