/**
 * Saves what the page holds (a text the core made, bytes of a resource) as a file through
 * the page's own download: a Blob link clicked, in the browser and in the desktop window
 * alike (the page's CSP allows blob:), where the app's download handling asks where to save.
 */
export function saveFile(content: BlobPart, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the Blob by the next tasks; the URL would otherwise keep it alive.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
