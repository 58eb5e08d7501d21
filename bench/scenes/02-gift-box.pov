// A box in a printed wrap on an off-white sweep. Hard part: most of the wrap
// is the backdrop's own off-white, with stripes, dots and lettering over it.
#include "studio.inc"

ProductCamera(<-30, 40, -70>, <0, 9, 0>, 36)
StudioLights(<-80, 120, -60>, 1.0, 0.4, 0.5)

#declare Paper = srgb <0.86, 0.84, 0.8>;
#declare Wrap = texture {
  pigment { Paper }
  finish { MatteFinish }
}
#declare Stripes = texture {
  pigment {
    gradient <1, 1, 0> color_map { [0 rgbt 1] [0.72 rgbt 1] [0.72 srgb <0.72, 0.14, 0.16>] [1 srgb <0.72, 0.14, 0.16>] }
    scale 7
  }
  finish { MatteFinish }
}
#declare Dots = texture {
  pigment {
    leopard color_map { [0 rgbt 1] [0.8 rgbt 1] [0.8 srgb <0.1, 0.18, 0.35>] [1 srgb <0.1, 0.18, 0.35>] }
    scale 1.6
  }
  finish { MatteFinish }
}
#declare Box = union {
  box { <-13, 0, -9>, <13, 17, 9> texture { Wrap } texture { Stripes } texture { Dots } }
  // The lid overhangs a little.
  box { <-13.4, 14.5, -9.4>, <13.4, 17.6, 9.4> texture { Wrap } texture { Stripes } texture { Dots } }
  // Lettering on the front.
  text { ttf "timrom.ttf" "ATELIER" 0.2, 0 scale 3.6 translate <-8.6, 7, -9.15> pigment { srgb <0.1, 0.18, 0.35> } finish { MatteFinish } }
  // A narrow ribbon over the lid and down the front and back, and a flat bow.
  box { <-1.2, 0, -9.55>, <1.2, 17.75, 9.55> pigment { srgb <0.72, 0.14, 0.16> } finish { SatinFinish } }
  torus { 2.6, 0.55 scale <1, 0.4, 0.55> rotate y * 30 translate <-2.2, 18.1, 0> pigment { srgb <0.72, 0.14, 0.16> } finish { SatinFinish } }
  torus { 2.6, 0.55 scale <1, 0.4, 0.55> rotate y * -30 translate <2.2, 18.1, 0> pigment { srgb <0.72, 0.14, 0.16> } finish { SatinFinish } }
  rotate y * 24
}

Stage(Box, Sweep(<0.88, 0.86, 0.82>, 80, 35))
