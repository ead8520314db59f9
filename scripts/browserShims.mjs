// Injected into browser bundles (see browserBuild.mjs): Node's Buffer, which the readers use,
// from the `buffer` package (the same API over Uint8Array).
export { Buffer } from 'buffer';
