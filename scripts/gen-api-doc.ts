import { writeFileSync } from 'node:fs';
import { renderApiDoc } from '../src/api/api-doc.ts';

writeFileSync(new URL('../docs/api.md', import.meta.url), renderApiDoc());
console.log('docs/api.md written');
