// A running job stores only a fraction (0–1). The try-on task reports its steps
// at fixed fractions (worker/tryOn.ts); this names the step a fraction falls in,
// so the card can say what is happening. Keep the two in step.

const STAGES: readonly [from: number, label: string][] = [
  [0, 'Reading the photos'],
  [0.03, 'Finding the pose'],
  [0.08, 'Finding the person'],
  [0.48, 'Isolating the garment'],
  [0.9, 'Reading the garment'],
  [0.92, 'Fitting the garment'],
  [0.97, 'Encoding the result'],
];

export function stageLabel(fraction: number): string {
  let label = STAGES[0][1];
  for (const [from, name] of STAGES) if (fraction >= from) label = name;
  return label;
}
