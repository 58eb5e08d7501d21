// A matte white ceramic vase on a white sweep. Hard part: white on white;
// only the shading and a faint shadow tell the two apart.
#include "studio.inc"

ProductCamera(<0, 26, -95>, <0, 15, 0>, 32)
StudioLights(<-70, 100, -60>, 1.0, 0.45, 0.6)

// The outer profile, sampled from a natural spline into a lathe (a sor here
// showed a band of speckles at the neck).
#declare Profile = spline {
  natural_spline
  0, <4.6, 0>, 2, <5.6, 2>, 8, <7.6, 8>, 12, <8, 12>, 19, <6.4, 19>,
  24, <3.8, 24>, 27, <3.4, 27>, 29.5, <4.2, 29.5>
}
// A closed outline: up the outside, down the inside 4 mm in, to the axis.
#declare Vase = lathe {
  linear_spline 123,
  <0, 0>,
  #for (I, 0, 59)
    #declare P = Profile(29.5 * I / 59);
    <P.x, P.y>,
  #end
  #for (I, 59, 0, -1)
    #declare P = Profile(29.5 * I / 59);
    <P.x - 0.4, max(P.y, 1)>,
  #end
  <0, 1>, <0, 0>
  texture { pigment { srgb <0.9, 0.89, 0.86> } normal { bumps 0.08 scale 0.4 } finish { ambient 0.07 diffuse 0.82 specular 0.12 roughness 0.03 } }
  rotate y * 10
}
#declare Rim = torus { 4.25, 0.22 translate y * 29.5 pigment { srgb <0.9, 0.89, 0.86> } finish { MatteFinish } }

Stage(union { object { Vase } object { Rim } }, Sweep(<0.9, 0.89, 0.87>, 60, 30))
