/**
 * The host's image chooser for the image element's src: the picked picture is uploaded to the file
 * service (wxy-file-server, through the app's uploader with its progress panel and error toast) and
 * referenced by its signed inline link, which never expires for images. Only when the upload fails is
 * a small picture embedded as a data address instead, so the template still prints.
 */
import { uploadFile } from '../../../src/upload/uploader';

/** Largest picture embedded in the template when the upload fails. */
export const DATA_URL_FALLBACK_MAX_BYTES = 256 * 1024;

function pickFile(accept: string): Promise<File | undefined> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.onchange = () => resolve(input.files?.[0] ?? undefined);
    input.oncancel = () => resolve(undefined);
    input.click();
  });
}

function readAsDataUrl(file: File): Promise<string | undefined> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : undefined);
    reader.onerror = () => resolve(undefined);
    reader.readAsDataURL(file);
  });
}

export async function chooseImageFile(): Promise<string | undefined> {
  const file = await pickFile('image/*');
  if (!file) return undefined;
  const info = await uploadFile(file, { purpose: 'printTemplate' });
  if (info?.url) return info.url;
  return file.size <= DATA_URL_FALLBACK_MAX_BYTES ? readAsDataUrl(file) : undefined;
}
