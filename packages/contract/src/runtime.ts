import { z } from 'zod';

/*
 * In browsers the console and the chat page run under a Content-Security-Policy without
 * 'unsafe-eval' (issue 12). zod otherwise probes `new Function` on its first parse to choose its
 * compiled fast path; the browser reports that probe as a CSP violation even though zod catches
 * the error. The server (no `document`) keeps the compiled path.
 */
if ('document' in globalThis) z.config({ jitless: true });
