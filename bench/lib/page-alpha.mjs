// Reads the alpha channel of an image Blob inside a page, for the quality eval.
// Installed as a page function, so it must be self-contained (no closures).
export function installAlphaReader() {
  window.__benchAlphaOf = async (blob) => {
    const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0);
    // A canvas stores premultiplied colour, but alpha itself comes back exact.
    const rgba = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const alpha = new Uint8Array(bitmap.width * bitmap.height);
    for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3];
    let binary = '';
    for (let i = 0; i < alpha.length; i += 0x8000) binary += String.fromCharCode(...alpha.subarray(i, i + 0x8000));
    return { width: bitmap.width, height: bitmap.height, alpha: btoa(binary) };
  };
}

export const decodeAlpha = (answer) => ({ width: answer.width, height: answer.height, alpha: new Uint8Array(Buffer.from(answer.alpha, 'base64')) });
