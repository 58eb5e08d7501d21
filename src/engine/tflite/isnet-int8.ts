// Which of ISNet's convolutions the app stores in 8 bits (./int8-weights.ts)
// when it converts the model for LiteRT. A Conv belongs to the block its node
// name starts with ("/stage3/rebnconv2/conv_s1/Conv" → stage3). A block is
// listed only when `npm run eval:int8` finds it holds on the held-out half of
// every ground-truth set: each set's MAE, IoU and edge F1 within 0.0005 of
// the float32 file, no case worse by more than 0.01 IoU.
//
// None does yet (bench/README.md, eval:int8). The encoder in 8 bits runs in
// 0.67× the time and holds on the tuning half, but on the held-out half a
// small subject in a corner loses 0.13 IoU. Ordered by each block's harm
// alone, the tuning half (now with small subjects) takes stage5 and stage6
// (8 % of the MACs: 0.96× the time, a session 270 MB smaller), and even
// those cost the held-out emoji set 0.0010 of mean IoU, all of it that
// same small subject. The decoder's upper stages turn faint textures into
// speckle.
export const ISNET_INT8_BLOCKS: readonly string[] = [];

/** Whether the Conv node named `nodeName` keeps its weights in 8 bits. */
export function isnetInt8Conv(nodeName: string): boolean {
  const [block] = nodeName.split('/').filter(Boolean);
  return block !== undefined && ISNET_INT8_BLOCKS.includes(block);
}
