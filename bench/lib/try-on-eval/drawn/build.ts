// Everything one drawn case is made of, from its seed: the person (body,
// pose, old outfit, studio, camera: the rendered source's generators with
// this seed), the drawn garment and its photo, the garment as worn.ts wears
// it on this person, the POV-Ray scenes of the person (photo, labels, and
// labels dressed in the new garment), and the truth in pixels.
import { makePerson, type Person } from '../body';
import { random } from '../cases';
import { PHOTO, projected, type BuiltCase, type Landmarks } from '../build';
import { makeOutfit, type GarmentSpec } from '../garment';
import { LABEL, makeBackdrop, makeCamera, oldLabel, personScene, project } from '../scene';
import { wornLandmarks, type LandmarkName } from '../worn';
import { caseGarment, type DrawnCaseSpec } from './cases';
import { drawnPhoto, type DrawnPhoto } from './photo';
import type { DrawnSpec } from './spec';
import { drawGarment, type DrawnGarment } from './template';
import { wornTruth, type WornTruth } from './truth';

export interface DrawnBuiltCase {
  spec: DrawnCaseSpec;
  drawn: DrawnSpec;
  template: DrawnGarment;
  photo: DrawnPhoto;
  person: Person;
  outfit: GarmentSpec[];
  worn: WornTruth;
  /** The worn spec (what the score and the scenes use). */
  garment: GarmentSpec;
  scenes: Record<'person' | 'person-labels' | 'dressed-labels', string>;
  truth: BuiltCase['truth'];
}

export function buildDrawnCase(spec: DrawnCaseSpec): DrawnBuiltCase {
  const rng = random(spec.seed);
  const person = makePerson(rng, spec.pose);
  const drawn = caseGarment(spec);
  const template = drawGarment(drawn);
  const photo = drawnPhoto(drawn, template, PHOTO.width, PHOTO.height);
  const worn = wornTruth(drawn, template, person);
  const garment = worn.spec;
  const outfit = makeOutfit(rng, garment.slot);
  const camera = makeCamera(spec.seed, person, PHOTO.width, PHOTO.height);
  const backdrop = makeBackdrop(spec.seed);
  const wornOld = outfit.map((g) => ({ spec: g, label: oldLabel(g) }));
  const kept = wornOld.filter((w) => garment.slot !== 'full' && w.spec.slot !== garment.slot && w.spec.slot !== 'full');
  const dressed = [...kept, { spec: garment, label: LABEL.garment, free: true }];
  const headTop = { ...person.headCentre, y: person.headCentre.y + person.headHeight * 0.5 };
  const bodyHeight = Math.abs(project(camera, person, { x: 0, y: 0, z: 0 }).y - project(camera, person, headTop).y);
  const garmentTruth: Landmarks = { ...photo.landmarks };
  const onPerson = projected(camera, person, wornLandmarks(person, garment, false));
  for (const name of Object.keys(onPerson) as LandmarkName[]) if (!garmentTruth[name]) delete onPerson[name];
  return {
    spec,
    drawn,
    template,
    photo,
    person,
    outfit,
    worn,
    garment,
    scenes: {
      person: personScene(person, wornOld, camera, backdrop, 'photo'),
      'person-labels': personScene(person, wornOld, camera, backdrop, 'labels'),
      'dressed-labels': personScene(person, dressed, camera, backdrop, 'labels'),
    },
    truth: { garment: garmentTruth, onPerson, bodyHeight },
  };
}
