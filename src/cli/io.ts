/** Where the command writes, and what it reads for a file named `-`. */
export interface CliIo {
  /** a string is written as UTF-8; bytes as they are (a run's ids in their own encoding) */
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
  /** standard input (default: none, and `-` is an error) */
  readonly stdin?: AsyncIterable<Uint8Array>;
}
