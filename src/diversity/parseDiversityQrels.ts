import { splitFields, isSkippable } from '../io/fields.js';
import { FileError } from '../io/fileError.js';
import { forEachLine } from '../io/forEachLine.js';
import { inputName, type Input } from '../io/input.js';
import { qrelsFieldCount, labelNotAnInteger } from '../io/lineProblems.js';
import { parseInteger } from '../io/parseNumber.js';
import { JudgementsBuilder, type DiversityQrels } from './judgements.js';

/**
 * Reads TREC diversity qrels, `topic subtopic docno judgment` (the second column holds the
 * subtopic; a document appears once per subtopic), as ndeval does: a judgment above 1 counts as 1,
 * 0 or less as not relevant; tabs or spaces, `#` comment lines, CRLF, gzip. Ids are read as bytes
 * (latin1), as the TREC readers do.
 * @throws FileError (file, line, the line) for a line of other than 4 fields, a judgment that is
 *   not a C int, a document judged twice for one subtopic of a query (naming both lines), an
 *   empty file
 */
export async function parseDiversityQrels(input: Input): Promise<DiversityQrels> {
  const path = inputName(input);
  const builder = new JudgementsBuilder();
  const bounds = new Int32Array(16);
  let lines = 0;
  await forEachLine(input, (buf, start, end, line) => {
    if (isSkippable(buf, start, end)) return;
    const count = splitFields(buf, start, end, bounds, 5);
    if (count !== 4) throw qrelsFieldCount(path, line, count, buf, start, end);
    const judgment = parseInteger(buf, bounds[6]!, bounds[7]!);
    // a C int, as the other qrels' labels
    if (!(Number.isInteger(judgment) && judgment >= -(2 ** 31) && judgment < 2 ** 31)) throw labelNotAnInteger(path, line, buf, start, end);
    const [query, subtopic, doc] = [0, 2, 4].map((f) => buf.toString('latin1', bounds[f], bounds[f + 1]));
    const first = builder.add(query!, subtopic!, doc!, judgment, line);
    if (first >= 0) throw new FileError(path, line, `document ${doc} is judged twice for subtopic ${subtopic} of query ${query}, at lines ${first} and ${line}`, buf.toString('latin1', start, end));
    lines++;
  });
  if (lines === 0) throw new FileError(path, 0, 'the qrels file holds no judgements');
  return builder.build();
}
