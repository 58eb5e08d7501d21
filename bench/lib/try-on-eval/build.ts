// Everything one eval case is made of, from its seed: the person (body, pose,
// old outfit, studio, camera), the garment (flat, or worn by a model), the
// POV-Ray scenes to render, and the truth in pixels: the garment's landmarks
// in its photo and on the person, and the person's height in the image.
import { makePerson, type Person } from './body';
import { PRINTS, random, pick, type CaseSpec, type Slot } from './cases';
import { flatGarment, flatPhoto } from './flat';
import { makeGarment, makeOutfit, type GarmentSpec } from './garment';
import { LABEL, makeBackdrop, makeCamera, oldLabel, personScene, project, type Camera } from './scene';
import { wornLandmarks, type LandmarkName } from './worn';

export const PHOTO = { width: 480, height: 640 };

export interface Pixel {
  x: number;
  y: number;
}

export type Landmarks = Partial<Record<LandmarkName, Pixel>>;

export interface BuiltCase {
  spec: CaseSpec;
  person: Person;
  outfit: GarmentSpec[];
  garment: GarmentSpec;
  /** POV-Ray scenes by file name. */
  scenes: Record<'person' | 'person-labels' | 'dressed-labels' | 'garment' | 'garment-labels', string>;
  truth: {
    /** The garment's landmarks in its photo. */
    garment: Landmarks;
    /** Where they belong on the person, in the person photo. */
    onPerson: Landmarks;
    /** Head top to the floor between the feet (or the seat), pixels. */
    bodyHeight: number;
  };
}

export function projected(camera: Camera, person: Person, points: ReturnType<typeof wornLandmarks>): Landmarks {
  const out: Landmarks = {};
  for (const [name, p] of Object.entries(points)) if (p) out[name as LandmarkName] = project(camera, person, p);
  return out;
}

/** What a model wears besides the garment: plain trousers under a top, a plain tee over a bottom. */
function modelOutfit(seed: number, slot: Slot): GarmentSpec[] {
  const rng = random(seed * 3 + 11);
  if (slot === 'upper') return [{ ...makeGarment(rng, 'trousers', 'plain'), colour: [40, 44, 52] }];
  if (slot === 'lower') return [{ ...makeGarment(rng, 'tee', 'plain'), colour: [236, 236, 232] }];
  return [];
}

export function buildCase(spec: CaseSpec): BuiltCase {
  const rng = random(spec.seed);
  const person = makePerson(rng, spec.pose);
  const garment = makeGarment(rng, spec.garment, PRINTS[spec.seed % PRINTS.length] === 'plain' && rng() < 0.3 ? pick(rng, PRINTS) : PRINTS[Math.floor(spec.seed / 2) % PRINTS.length]);
  const outfit = makeOutfit(rng, garment.slot);
  const camera = makeCamera(spec.seed, person, PHOTO.width, PHOTO.height);
  const backdrop = makeBackdrop(spec.seed);
  const worn = outfit.map((g) => ({ spec: g, label: oldLabel(g) }));
  const kept = worn.filter((w) => garment.slot !== 'full' && w.spec.slot !== garment.slot && w.spec.slot !== 'full');
  const dressed = [...kept, { spec: garment, label: LABEL.garment, free: true }];
  const headTop = { ...person.headCentre, y: person.headCentre.y + person.headHeight * 0.5 };
  const feet = { x: 0, y: 0, z: 0 };
  const bodyHeight = Math.abs(project(camera, person, feet).y - project(camera, person, headTop).y);
  let garmentScenes: { photo: string; labels: string };
  let garmentTruth: Landmarks;
  if (spec.onModel) {
    const modelRng = random(spec.seed * 101 + 7);
    const model = makePerson(modelRng, 'arms-down');
    const modelCamera = makeCamera(spec.seed + 500, model, PHOTO.width, PHOTO.height);
    const modelBackdrop = makeBackdrop(spec.seed + 500);
    const clothes = [...modelOutfit(spec.seed, garment.slot).map((g) => ({ spec: g, label: oldLabel(g) })), { spec: garment, label: LABEL.garment }];
    garmentScenes = { photo: personScene(model, clothes, modelCamera, modelBackdrop, 'photo'), labels: personScene(model, clothes, modelCamera, modelBackdrop, 'labels') };
    garmentTruth = projected(modelCamera, model, wornLandmarks(model, garment));
  } else {
    const flat = flatGarment(garment);
    const photo = flatPhoto(spec.seed, garment, flat, PHOTO.width, PHOTO.height);
    garmentScenes = { photo: photo.scene('photo'), labels: photo.scene('labels') };
    garmentTruth = Object.fromEntries(Object.entries(flat.landmarks).map(([name, p]) => [name, photo.toPixel(p!)]));
  }
  if (garment.type === 'hoodie') {
    delete garmentTruth.neckLeft;
    delete garmentTruth.neckRight;
  }
  const onPerson = projected(camera, person, wornLandmarks(person, garment, false));
  for (const name of Object.keys(onPerson) as LandmarkName[]) if (!garmentTruth[name]) delete onPerson[name];
  return {
    spec,
    person,
    outfit,
    garment,
    scenes: {
      person: personScene(person, worn, camera, backdrop, 'photo'),
      'person-labels': personScene(person, worn, camera, backdrop, 'labels'),
      'dressed-labels': personScene(person, dressed, camera, backdrop, 'labels'),
      garment: garmentScenes.photo,
      'garment-labels': garmentScenes.labels,
    },
    truth: { garment: garmentTruth, onPerson, bodyHeight },
  };
}
