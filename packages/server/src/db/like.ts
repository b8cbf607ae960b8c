/**
 * Escapes LIKE's wildcards (and the escape character) in user input, for `like … escape '\'` on
 * both databases: a search for "50%" matches the text "50%", not everything starting with "50".
 */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);
