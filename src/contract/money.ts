// Money travels in integer cents, shown in yuan by the app and by the server's drawn first screen.

/** 1234 → "12.34"; -5 → "-0.05". */
export function centsToYuan(cents: number): string {
  if (!Number.isFinite(cents)) return '0.00'
  const c = Math.round(cents)
  const abs = Math.abs(c)
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
