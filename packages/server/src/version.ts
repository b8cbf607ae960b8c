import { readFileSync } from 'node:fs';

// Read at start from the package manifest, which sits one level above both src/ and dist/.
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export const serverVersion: string = manifest.version;
