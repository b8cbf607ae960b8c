import { isSameText } from '../../secrets.js';

/**
 * A hex signature from a platform's header against the one we computed: case does not matter in
 * hex, and the comparison takes the same time however much matched (lib/secrets.ts).
 */
export const isSameSignature = (expected: string, given: string | undefined): boolean =>
  given !== undefined && isSameText(given.trim().toLowerCase(), expected.toLowerCase());
