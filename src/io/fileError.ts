/** Bad input in a file: the message names the file, the line number and the offending line. */
export class FileError extends Error {
  readonly file: string;
  /** 1-based line number, or 0 when the problem is the file itself */
  readonly line: number;
  constructor(file: string, line: number, problem: string, text?: string) {
    super(line > 0 ? `${file}:${line}: ${problem}${text === undefined ? '' : `\n  ${line} | ${text}`}` : `${file}: ${problem}`);
    this.name = 'FileError';
    this.file = file;
    this.line = line;
  }
}
