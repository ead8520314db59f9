/** Bad input in a file: the message names the file, the line number and the offending line. */
export class FileError extends Error {
  readonly file: string;
  /** 1-based line number, or 0 when the problem is the file itself */
  readonly line: number;
  constructor(file: string, line: number, problem: string, text?: string) {
    // a bad line is quoted up to 200 characters: a huge one would flood the terminal
    const quoted = text !== undefined && text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
    super(line > 0 ? `${file}:${line}: ${problem}${quoted === undefined ? '' : `\n  ${line} | ${quoted}`}` : `${file}: ${problem}`);
    this.name = 'FileError';
    this.file = file;
    this.line = line;
  }
}
