// A chrome kettle with a black handle on a stone counter against grey tiles.
// Hard part: the chrome body shows mostly a mirror image of the backdrop.
#include "studio.inc"

ProductCamera(<-14, 34, -78>, <0, 12, 0>, 34)
StudioLights(<-70, 110, -70>, 1.0, 0.35, 0.8)

#declare Chrome = texture { pigment { srgb <0.85, 0.86, 0.88> } finish { MetalFinish } }
#declare Bakelite = texture { pigment { srgb 0.1 } finish { ambient 0.02 diffuse 0.6 specular 0.6 roughness 0.004 } }
#declare Kettle = union {
  sor {
    9,
    <9, -1>, <9, 0>, <9.6, 1.2>, <9.8, 5>, <9, 12>, <7, 16.5>, <5, 18.2>, <4, 18.8>, <4, 19.5>
    texture { Chrome }
  }
  // Lid and knob.
  cylinder { <0, 18.6, 0>, <0, 19.2, 0>, 4.3 texture { Chrome } }
  sphere { 0, 1.6 scale <1, 0.7, 1> translate y * 20.6 texture { Bakelite } }
  cylinder { <0, 19.2, 0>, <0, 20, 0>, 0.5 texture { Chrome } }
  // Spout.
  cone { <7.5, 7, 0>, 1.7, <15, 16.5, 0>, 0.7 texture { Chrome } }
  // Handle: an arch over the lid, on two posts.
  sphere_sweep {
    b_spline 6,
    <-8, 8, 0>, 1.0,
    <-7.4, 12, 0>, 1.0,
    <-6, 22, 0>, 1.05,
    <2, 25, 0>, 1.05,
    <5.5, 17, 0>, 1.0,
    <5.8, 14, 0>, 1.0
    texture { Bakelite }
  }
  rotate y * -30
}

Stage(Kettle, TiledCounter(<0.55, 0.57, 0.58>, <0.35, 0.35, 0.34>, 40))
