/**
 * Hands CSV text to the browser as a download named `fileName` (every "Export CSV" of the app:
 * the text is fetched through the request wrapper, with the session's headers, then saved).
 */
export function saveCsv(text: string, fileName: string): void {
  const link = document.createElement('a');
  link.download = fileName;
  const canBlob = typeof URL.createObjectURL === 'function';
  link.href = canBlob
    ? URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    : `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  if (canBlob) setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
