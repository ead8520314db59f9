/** Where the command writes, and what it reads for a file named `-`. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** standard input (default: none, and `-` is an error) */
  readonly stdin?: AsyncIterable<Uint8Array>;
}
