// A glazed mug with a handle on a wooden table. Hard part: the hole inside
// the handle shows the table and wall, and must stay out of the matte.
#include "studio.inc"

ProductCamera(<0, 16, -48>, <1, 6.5, 0>, 30)
StudioLights(<-70, 90, -80>, 1.1, 0.35, 0.6)

#declare Glaze = texture { pigment { srgb <0.16, 0.33, 0.52> } finish { GlossFinish } }
#declare Mug = union {
  difference {
    cylinder { <0, 0, 0>, <0, 10, 0>, 4.3 }
    cylinder { <0, 0.6, 0>, <0, 10.1, 0>, 3.8 }
  }
  torus { 4.05, 0.25 translate y * 10 }
  difference {
    torus { 2.7, 0.55 rotate x * 90 scale <1, 1.25, 1> }
    cylinder { <-5, 0, -1>, <0, 0, 1>, 10 scale <1, 1, 1> }
    translate <4.0, 5.4, 0>
  }
  texture { Glaze }
  rotate y * -6
}

Stage(Mug, WoodTable(<0.86, 0.84, 0.8>, 60))
