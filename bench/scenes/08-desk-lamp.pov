// A desk lamp on a wooden table: a round base, a two-rod arm and a conical
// shade. Hard part: thin parallel rods with the wall between them.
#include "studio.inc"

ProductCamera(<-10, 38, -105>, <4, 25, 0>, 50)
StudioLights(<-80, 110, -80>, 1.0, 0.35, 0.6)

#declare Enamel = texture { pigment { srgb <0.62, 0.08, 0.06> } finish { GlossFinish } }
#declare Steel = texture { pigment { srgb <0.55, 0.56, 0.58> } finish { MetalFinish } }
#declare Elbow = <-6, 30, 0>;
#declare Head = <16, 44, 0>;
#declare Lamp = union {
  // Base and the pivot on it.
  cylinder { <0, 0, 0>, <0, 2.2, 0>, 9 texture { Enamel } }
  torus { 8.6, 0.4 translate y * 2.2 texture { Enamel } }
  sphere { <0, 3.4, 0>, 1.4 texture { Steel } }
  // Lower arm: two rods 1.8 cm apart; upper arm likewise.
  cylinder { <0, 3.4, -0.9>, Elbow - z * 0.9, 0.28 texture { Steel } }
  cylinder { <0, 3.4, 0.9>, Elbow + z * 0.9, 0.28 texture { Steel } }
  cylinder { <1.2, 3.8, 0>, Elbow + <1.4, -1.5, 0>, 0.14 texture { Steel } }
  sphere { Elbow, 1.2 texture { Steel } }
  cylinder { Elbow - z * 0.9, Head - z * 0.9, 0.25 texture { Steel } }
  cylinder { Elbow + z * 0.9, Head + z * 0.9, 0.25 texture { Steel } }
  sphere { Head, 1.2 texture { Steel } }
  // Shade: an open cone tipped down and forward.
  union {
    difference {
      cone { <0, 0, 0>, 2.2, <0, -11, 0>, 8 }
      cone { <0, 0.3, 0>, 1.9, <0, -11.1, 0>, 7.7 }
    }
    cylinder { <0, 0, 0>, <0, 2.5, 0>, 2.2 }
    rotate z * -35
    texture { Enamel }
    translate Head + <1.2, 0.4, 0>
  }
  rotate y * -20
}

Stage(Lamp, WoodTable(<0.72, 0.75, 0.78>, 70))
