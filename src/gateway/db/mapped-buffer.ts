import type { FileHandle } from "node:fs/promises";

/**
 * `ArrayBuffer` with ES2024's options argument (the project's `lib` is ES2023). A resizable
 * buffer is mapped by V8 itself, page by page as written, where a plain one is malloc memory,
 * which glibc may hand out from its heap and zero-fill whole. Freeing a malloc block of more than
 * 128 KB also raises glibc's thresholds for good (the block's size becomes the size from which
 * it maps memory, twice that the free heap top it keeps), so a multi-megabyte read buffer leaves
 * the C heap holding megabytes more after it is gone; a mapped one is unmapped when collected.
 */
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => ArrayBuffer;

/** A zero-filled `size`-byte buffer whose pages V8 maps as they are first written. */
export function mappedArrayBuffer(size: number): ArrayBuffer {
  return new ResizableArrayBuffer(size, { maxByteLength: size });
}

/**
 * Fill `bytes` from `file` at `position`. False when the file ends first.
 */
export async function readFully(
  file: FileHandle,
  bytes: Uint8Array,
  position: number,
): Promise<boolean> {
  for (let offset = 0; offset < bytes.length; ) {
    const { bytesRead } = await file.read(bytes, offset, bytes.length - offset, position + offset);
    if (bytesRead === 0) return false;
    offset += bytesRead;
  }
  return true;
}
