// A canvas tote in a sand colour on a sand-coloured sweep, straps up.
// Hard part: the bag is nearly the backdrop's colour, and the backdrop shows
// through the loops of both straps.
#include "studio.inc"

ProductCamera(<-20, 38, -130>, <0, 27, 0>, 40)
StudioLights(<-90, 130, -80>, 1.0, 0.35, 0.6)

#declare Canvas = texture {
  pigment { srgb <0.74, 0.65, 0.5> }
  normal { bumps 0.12 scale 0.3 }
  finish { MatteFinish }
}
#declare Strap = texture { pigment { srgb <0.66, 0.57, 0.43> } normal { gradient x 0.3 scale 0.15 } finish { MatteFinish } }
#macro StrapLoop(Z)
  sphere_sweep {
    b_spline 7,
    <-8, 30, Z>, 1.0,
    <-8, 36, Z>, 1.0,
    <-7.5, 46, Z>, 1.0,
    <0, 55, Z>, 1.0,
    <7.5, 46, Z>, 1.0,
    <8, 36, Z>, 1.0,
    <8, 30, Z>, 1.0
    scale <1, 1, 0.45>
    texture { Strap }
  }
#end
#declare Bag = union {
  // Body: a soft slab, a little fuller at the bottom.
  superellipsoid { <0.12, 0.3> scale <17, 17, 5> translate y * 17 }
  // Top hem.
  superellipsoid { <0.1, 0.3> scale <17.1, 1.1, 5.05> translate y * 33 }
  object { StrapLoop(-4.2) }
  object { StrapLoop(4.2) }
  texture { Canvas }
  rotate y * -18
}

Stage(Bag, Sweep(<0.76, 0.68, 0.54>, 60, 35))
