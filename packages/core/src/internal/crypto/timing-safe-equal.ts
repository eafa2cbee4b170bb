const encoder = new TextEncoder()

/**
 * Compares two strings in time that depends only on their lengths, not on where they differ.
 * Used for every secret-derived comparison (CSRF tokens, MACs).
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  let difference = left.length ^ right.length
  const length = Math.max(left.length, right.length)
  for (let i = 0; i < length; i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0)
  return difference === 0
}
