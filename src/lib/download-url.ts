/**
 * Starts a browser download of a one-time URL the server handed out: the file streams to disk
 * without passing through this page's memory.
 */
export function downloadURL(url: string): void {
  const a = document.createElement('a')
  a.href = url
  a.download = ''
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
}
