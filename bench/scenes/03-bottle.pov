// A green glass bottle (opaque, glossy) with a paper label and a metal cap,
// on a stone counter against white subway tiles. Hard part: the glaze
// mirrors the tiles and the softboxes, so the bright edges look like wall.
#include "studio.inc"

ProductCamera(<0, 18, -62>, <0, 14, 0>, 28)
StudioLights(<-60, 80, -70>, 1.0, 0.35, 0.9)

#declare Glass = texture {
  pigment { srgb <0.05, 0.2, 0.09> }
  finish { ambient 0.02 diffuse 0.5 specular 0.9 roughness 0.002 reflection { 0.08, 0.5 fresnel on } conserve_energy }
}
#declare Bottle = union {
  // Body, shoulder and neck: one lathe, a cylinder that narrows in a
  // cosine S-curve from y = 14 to 21.5, then the neck.
  lathe {
    linear_spline 36,
    <0, 0>, <3.2, 0>, <3.5, 0.1>, <3.65, 0.3>, <3.7, 0.6>,
    #for (I, 0, 29)
      #declare T = I / 29;
      <1.35 + (3.7 - 1.35) * (1 + cos(pi * T)) / 2, 14 + 7.5 * T>,
    #end
    <1.35, 28>
    texture { Glass }
  }
  // Cap.
  cylinder { <0, 25.2, 0>, <0, 28.6, 0>, 1.6
    texture { pigment { srgb <0.75, 0.62, 0.35> } finish { MetalFinish } normal { gradient y 0.3 scale 0.2 } }
  }
  // A label round the front two thirds.
  intersection {
    cylinder { <0, 5, 0>, <0, 12.5, 0>, 3.74 }
    cylinder { <0, 4, 0>, <0, 13.5, 0>, 3.69 inverse }
    plane { z, 1.6 }
    texture {
      pigment { gradient y color_map { [0 srgb <0.93, 0.9, 0.82>] [0.62 srgb <0.93, 0.9, 0.82>] [0.62 srgb <0.55, 0.12, 0.1>] [0.78 srgb <0.55, 0.12, 0.1>] [0.78 srgb <0.93, 0.9, 0.82>] } scale 7.5 translate y * 5 }
      finish { MatteFinish }
    }
  }
  rotate y * 15
}

Stage(Bottle, TiledCounter(<0.9, 0.9, 0.88>, <0.62, 0.62, 0.6>, 28))
