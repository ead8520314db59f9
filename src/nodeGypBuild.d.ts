// The part of node-gyp-build (a CommonJS module without types) the addon loader uses.
declare module 'node-gyp-build' {
  /** Loads the addon found under `root` (build/Release, then prebuilds/<platform>-<arch>/). */
  function load(root: string): unknown;
  namespace load {
    /** The path of that addon; throws when none fits. */
    function path(root: string): string;
  }
  export default load;
}
