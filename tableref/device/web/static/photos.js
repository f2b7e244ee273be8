// Photos from a phone, made small enough to send (Nimalia's reserves and its cards).

// Phone cameras take photos bigger than the box accepts (5 MB) or needs: shrink big ones
// in the browser to at most MAX_SIDE pixels on their long side before sending them.
const SHRINK_ABOVE_BYTES = 3 * 1024 * 1024;
const MAX_SIDE = 2400;

export async function shrinkPhoto(file) {
  if (file.size <= SHRINK_ABOVE_BYTES) return file;
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file; // not an image the browser can read: the box will say what is wrong
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
  return blob ? new File([blob], "reserve.jpg", { type: "image/jpeg" }) : file;
}
