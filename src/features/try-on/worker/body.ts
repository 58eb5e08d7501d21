// The body as the fit needs it: MediaPipe's 33 landmarks turned into named
// keypoints in pixels with image sides, and the check that a person was found.
import type { Point } from './fit-types';
import type { PoseLandmark } from './pose-model';

/** MediaPipe Pose's landmark indices that the fit uses, as the wearer's sides. */
const INDEX = {
  nose: 0,
  leftEar: 7,
  rightEar: 8,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftPinky: 17,
  rightPinky: 18,
  leftIndex: 19,
  rightIndex: 20,
  leftHip: 23,
  rightHip: 24,
  leftKnee: 25,
  rightKnee: 26,
  leftAnkle: 27,
  rightAnkle: 28,
} as const;

export type BodyPointName =
  | 'nose'
  | 'earLeft'
  | 'earRight'
  | 'shoulderLeft'
  | 'shoulderRight'
  | 'elbowLeft'
  | 'elbowRight'
  | 'wristLeft'
  | 'wristRight'
  | 'handLeft'
  | 'handRight'
  | 'hipLeft'
  | 'hipRight'
  | 'kneeLeft'
  | 'kneeRight'
  | 'ankleLeft'
  | 'ankleRight';

export interface BodyPoint extends Point {
  /** The model's confidence that the point is in view, 0–1. */
  visibility: number;
}

/** Keypoints in pixels; left and right are image sides. */
export type BodyKeypoints = Record<BodyPointName, BodyPoint>;

/** Below this the model's shoulders and hips are guesses, not a person. */
const MIN_TORSO_VISIBILITY = 0.5;
/** A torso narrower than this share of the image is too small to dress. */
const MIN_SHOULDER_SHARE = 0.04;

function toPixels(landmark: PoseLandmark, width: number, height: number): BodyPoint {
  return { x: landmark.x * width, y: landmark.y * height, visibility: landmark.visibility ?? 1 };
}

function midpoint(a: BodyPoint, b: BodyPoint): BodyPoint {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, visibility: Math.min(a.visibility, b.visibility) };
}

/**
 * Names MediaPipe's landmarks by image side. A person facing the camera has
 * their right shoulder on the image's left; one seen from behind the other
 * way round, which the shoulders' order tells.
 */
export function bodyKeypoints(landmarks: readonly PoseLandmark[], width: number, height: number): BodyKeypoints {
  const at = (index: number) => toPixels(landmarks[index], width, height);
  const facing = landmarks[INDEX.rightShoulder].x <= landmarks[INDEX.leftShoulder].x;
  const side = (wearerLeft: number, wearerRight: number) => (facing ? [at(wearerRight), at(wearerLeft)] : [at(wearerLeft), at(wearerRight)]);
  const [shoulderLeft, shoulderRight] = side(INDEX.leftShoulder, INDEX.rightShoulder);
  const [elbowLeft, elbowRight] = side(INDEX.leftElbow, INDEX.rightElbow);
  const [wristLeft, wristRight] = side(INDEX.leftWrist, INDEX.rightWrist);
  const [pinkyLeft, pinkyRight] = side(INDEX.leftPinky, INDEX.rightPinky);
  const [indexLeft, indexRight] = side(INDEX.leftIndex, INDEX.rightIndex);
  const [hipLeft, hipRight] = side(INDEX.leftHip, INDEX.rightHip);
  const [kneeLeft, kneeRight] = side(INDEX.leftKnee, INDEX.rightKnee);
  const [ankleLeft, ankleRight] = side(INDEX.leftAnkle, INDEX.rightAnkle);
  const [earLeft, earRight] = side(INDEX.leftEar, INDEX.rightEar);
  return {
    nose: at(INDEX.nose),
    earLeft,
    earRight,
    shoulderLeft,
    shoulderRight,
    elbowLeft,
    elbowRight,
    wristLeft,
    wristRight,
    handLeft: midpoint(pinkyLeft, indexLeft),
    handRight: midpoint(pinkyRight, indexRight),
    hipLeft,
    hipRight,
    kneeLeft,
    kneeRight,
    ankleLeft,
    ankleRight,
  };
}

/** Why these keypoints are not a person to dress, or null when they are. */
export function bodyProblem(body: BodyKeypoints, width: number): string | null {
  const torso = [body.shoulderLeft, body.shoulderRight, body.hipLeft, body.hipRight];
  if (torso.some((p) => p.visibility < MIN_TORSO_VISIBILITY)) {
    return 'no person with shoulders and hips in view was found in person_image';
  }
  if (Math.abs(body.shoulderRight.x - body.shoulderLeft.x) < MIN_SHOULDER_SHARE * width) {
    return 'the person in person_image is too small or turned sideways to dress; use a front view';
  }
  const shoulderY = (body.shoulderLeft.y + body.shoulderRight.y) / 2;
  const hipY = (body.hipLeft.y + body.hipRight.y) / 2;
  if (hipY <= shoulderY) return 'the person in person_image is not upright; use a photo of a standing person';
  return null;
}

/** Why the pose is not a person to dress, or null when it is. */
export function personProblem(landmarks: readonly PoseLandmark[] | null, width: number, height: number): string | null {
  if (!landmarks) return 'person_image: no person was found in the image';
  return bodyProblem(bodyKeypoints(landmarks, width, height), width);
}

