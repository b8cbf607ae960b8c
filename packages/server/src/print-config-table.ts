import { formatConfigTable } from './config.js';

// Prints the configuration table for the README, so the two never drift apart.
console.log(formatConfigTable());
