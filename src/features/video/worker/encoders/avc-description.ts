// Firefox's WebCodecs H.264 encoder (153 ESR on Linux, libavcodec inside)
// hands out an avcC (AVCDecoderConfigurationRecord, ISO 14496-15 5.3.3.1)
// whose SPS and PPS each repeat their NAL header byte (`67 67 64 …`,
// `68 68 …`) and whose reserved bits are zero. ffmpeg still decodes the file
// from the in-band parameter sets, but Chromium's VideoDecoder refuses it, so
// a Firefox-made MP4 could not be decoded by WebCodecs elsewhere, nor be fed
// back to this app in Chromium. This mends the record before it is muxed.

const NAL_SPS = 7;

/** The record with each parameter set's doubled header byte removed; null when it is sound (or not one we know). */
export function repairAvcDescription(record: Uint8Array): Uint8Array | null {
  if (record.length < 7 || record[0] !== 1) return null;
  let pos = 5;
  const readSets = (countMask: number): Uint8Array[] | null => {
    if (pos >= record.length) return null;
    const sets: Uint8Array[] = [];
    for (let count = record[pos++] & countMask; count > 0; count--) {
      const length = (record[pos] << 8) | record[pos + 1];
      if (pos + 2 + length > record.length) return null;
      sets.push(record.subarray(pos + 2, pos + 2 + length));
      pos += 2 + length;
    }
    return sets;
  };
  const sps = readSets(0x1f);
  const pps = sps && readSets(0xff);
  if (!sps || !pps) return null;
  // A sound SPS has profile_idc right after its header byte; the broken one has the header again.
  const first = sps[0];
  const doubled = first !== undefined && first.length > 2 && (first[0] & 0x1f) === NAL_SPS && first[1] === first[0] && first[2] === record[1];
  if (!doubled) return null;
  const out: number[] = [1, record[1], record[2], record[3], 0xfc | (record[4] & 0x03), 0xe0 | sps.length];
  const push = (nal: Uint8Array) => {
    const mended = nal.length > 1 && nal[1] === nal[0] ? nal.subarray(1) : nal;
    out.push(mended.length >> 8, mended.length & 0xff, ...mended);
  };
  sps.forEach(push);
  out.push(pps.length);
  pps.forEach(push);
  // The high-profile tail (chroma format, bit depths), when there is one, as it was.
  out.push(...record.subarray(pos));
  return Uint8Array.from(out);
}
