import { evaluateBatch } from '../src/index.js';
import { inDegreeBatch } from './indegree.js';
const b = inDegreeBatch('judged');
const batch = { scores: b.scores, labels: b.labels, offsets: b.offsets, idealLabels: b.idealLabels };
for (let i = 0; i < 4; i++) { const t = performance.now(); evaluateBatch(batch, ['11pt_avg'], { ties: 'average', backend: 'js' }); console.log((performance.now() - t).toFixed(0)); }
