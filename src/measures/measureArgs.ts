/**
 * A box of measure names (the web page's) as the command line's `-m` arguments: names separated
 * by spaces, newlines or commas, except inside parentheses and braces (`nDCG(dcg=exp-log2, rel=2)@10`)
 * and in a trec_eval name's values (`P.5,10`, `ndcg.1=0,2=1`, `utility.1,-1,0,0`: a name, a dot,
 * then commas up to the next space).
 * @example measureArgs('AP, nDCG@10\nP.5,10 map') // ['AP', 'nDCG@10', 'P.5,10', 'map']
 */
export function measureArgs(text: string): string[] {
  const names: string[] = [];
  let name = '';
  let depth = 0;
  const end = (): void => {
    if (name !== '') names.push(name);
    name = '';
  };
  for (const c of text) {
    if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth = Math.max(0, depth - 1);
    if (depth === 0 && /\s/.test(c)) end();
    else if (depth === 0 && c === ',' && !/^[A-Za-z_0-9]+\./.test(name)) end();
    else if (depth > 0 && /\s/.test(c)) continue;
    else name += c;
  }
  end();
  // a trec_eval name's values end before a trailing comma (`P.5,10, map`)
  return names.map((n) => n.replace(/,+$/, '')).filter((n) => n !== '');
}
