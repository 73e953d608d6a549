/**
 * A count as every message writes it, with a comma between thousands (`2,049`): the same as
 * `n.toLocaleString('en-US')` for a whole number, without asking ICU. The first
 * `toLocaleString` of a process loads ICU's number formats (once per process and per worker
 * thread), and a large message formats tens of thousands of
 * counts. Other numbers (negative, fractional) go to toLocaleString.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return n.toLocaleString('en-US');
  const digits = String(n);
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
