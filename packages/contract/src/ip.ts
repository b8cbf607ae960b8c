/*
 * IP address syntax without node:net, so the contract stays usable in the browser.
 */

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

const isIPv6 = (value: string): boolean => {
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const lastColon = value.lastIndexOf(':');
  const tail = value.slice(lastColon + 1);
  let text = value;
  let extraGroups = 0;
  if (tail.includes('.')) {
    if (!ipv4.test(tail)) return false;
    text = `${value.slice(0, lastColon + 1)}0`;
    extraGroups = 1;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const groups = halves.flatMap(groupsOf);
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const count = groups.length + extraGroups;
  return halves.length === 2 ? count <= 7 : count === 8;
};

export const isIP = (value: string): boolean => ipv4.test(value) || isIPv6(value);
