// Black over-ear headphones standing on their cups on a charcoal sweep.
// Hard part: dark on dark, and a thin headband arching over a large hole.
#include "studio.inc"

ProductCamera(<-10, 16, -62>, <0, 11, 0>, 34)
StudioLights(<-60, 90, -60>, 1.1, 0.35, 1.2)

#declare Plastic = texture { pigment { srgb 0.13 } finish { ambient 0.02 diffuse 0.6 specular 0.5 roughness 0.006 reflection { 0.02, 0.12 fresnel on } } }
#declare Leather = texture { pigment { srgb 0.15 } normal { bumps 0.25 scale 0.12 } finish { ambient 0.02 diffuse 0.6 specular 0.25 roughness 0.03 } }
#declare Metal = texture { pigment { srgb 0.5 } finish { MetalFinish } }
#macro Cup(Side)
  union {
    // Shell, cushion towards the other cup, and a yoke around it.
    superellipsoid { <1, 0.35> scale <4.6, 4.6, 1.5> rotate y * 90 texture { Plastic } }
    torus { 3.6, 1.15 rotate z * 90 translate x * -1.6 * Side texture { Leather } }
    difference {
      torus { 5.4, 0.3 rotate x * 90 }
      box { <-8, -8, -2>, <8, 0.5, 2> }
      rotate y * 90
      texture { Metal }
    }
    translate <8.6 * Side, 5.6, 0>
  }
#end
#declare Headphones = union {
  object { Cup(1) }
  object { Cup(-1) }
  // Sliders from the yokes up into the band.
  cylinder { <8.6, 11, 0>, <9.3, 15, 0>, 0.28 texture { Metal } }
  cylinder { <-8.6, 11, 0>, <-9.3, 15, 0>, 0.28 texture { Metal } }
  // Headband: a flat arch, thin.
  difference {
    torus { 9.4, 0.55 rotate x * 90 scale <1, 1.05, 1.5> }
    box { <-12, -12, -3>, <12, 0, 3> }
    translate y * 15
    texture { Plastic }
  }
  rotate y * 24
}

Stage(Headphones, Sweep(<0.2, 0.2, 0.21>, 60, 30))
