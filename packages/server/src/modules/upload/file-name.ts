/** Longest display name kept, in characters; the extension survives the cut. */
export const maxFileNameLength = 120;

const splitExtension = (name: string): { stem: string; extension: string } => {
  const match = /^(.+?)(\.[^.\s]{1,16})$/u.exec(name);
  return match ? { stem: match[1], extension: match[2] } : { stem: name, extension: '' };
};

/**
 * A client-supplied file name made safe to store and show: the last path segment only (so
 * `../../etc/passwd.png` is `passwd.png`), without control or invisible formatting characters
 * (a right-to-left override can make `exe.pdf` read as `fdp.exe`), without characters file
 * systems reserve, without leading dots, at most `maxFileNameLength` characters. Null when
 * nothing usable is left. The name is display data only; storage keys never contain it.
 */
export const sanitizeFileName = (raw: string | undefined | null): string | null => {
  if (!raw) return null;
  let name = raw.normalize('NFC');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '');
  name = name.replace(/[<>:"|?*]/g, '_');
  name = name.replace(/\s+/gu, ' ');
  name = name.replace(/^[\s.]+/u, '').replace(/[\s.]+$/u, '');
  if (name === '') return null;
  const characters = [...name];
  if (characters.length > maxFileNameLength) {
    const { stem, extension } = splitExtension(name);
    const room = maxFileNameLength - [...extension].length;
    name = `${[...stem].slice(0, room).join('').trimEnd()}${extension}`;
  }
  return name;
};

/**
 * The name a download is saved under: the display name, with the detected type's extension
 * added when the name claims another one, so a PDF is never saved as `invoice.exe`.
 */
export const downloadNameOf = (fileName: string, extension: string): string => {
  const current = splitExtension(fileName).extension.slice(1).toLowerCase();
  const equivalent = current === extension || (extension === 'jpg' && current === 'jpeg');
  return equivalent ? fileName : `${fileName}.${extension}`;
};

/** `Content-Disposition` with an ASCII fallback and the exact name in RFC 5987 form. */
export const contentDisposition = (type: 'inline' | 'attachment', fileName?: string): string => {
  if (!fileName) return type;
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};
