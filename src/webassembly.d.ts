// The part of the WebAssembly JS API the WASM glue uses. Node has it globally, but its
// declarations live in TypeScript's DOM library, which this package does not load.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: BufferSource);
  }
  class Instance {
    constructor(module: Module, imports: object);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    /** sizes in 64 KiB pages; a shared memory's buffer is a SharedArrayBuffer */
    constructor(descriptor: { initial: number; maximum?: number; shared?: boolean });
    readonly buffer: ArrayBuffer | SharedArrayBuffer;
    grow(pages: number): number;
  }
  function compile(bytes: BufferSource): Promise<Module>;
}
type BufferSource = ArrayBufferView | ArrayBuffer;
