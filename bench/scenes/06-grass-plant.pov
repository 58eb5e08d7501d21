// A potted ornamental grass on a pale green sweep: forty arching blades that
// taper to a point. Hard part: blade tips thinner than a pixel, crossing
// each other with the backdrop between them.
#include "studio.inc"

ProductCamera(<0, 34, -120>, <0, 26, 0>, 34)
StudioLights(<-70, 130, -90>, 1.0, 0.35, 0.9)

#declare Terracotta = texture {
  pigment { granite color_map { [0 srgb <0.62, 0.3, 0.18>] [1 srgb <0.7, 0.36, 0.22>] } scale 2 }
  normal { bumps 0.15 scale 0.3 }
  finish { MatteFinish }
}
#declare Leaf = texture {
  pigment { gradient y color_map { [0 srgb <0.12, 0.26, 0.08>] [1 srgb <0.36, 0.5, 0.16>] } scale 50 }
  finish { ambient 0.06 diffuse 0.75 specular 0.3 roughness 0.01 }
}
#declare Blades = seed(20241);
#declare Plant = union {
  // Pot with a rolled rim, and the soil.
  difference {
    cone { <0, 0, 0>, 7, <0, 15, 0>, 9.2 }
    cone { <0, 1, 0>, 6.2, <0, 15.1, 0>, 8.4 }
    texture { Terracotta }
  }
  torus { 8.9, 0.8 translate y * 14.8 texture { Terracotta } }
  cylinder { <0, 12.5, 0>, <0, 13.3, 0>, 8.5 pigment { srgb <0.16, 0.11, 0.07> } normal { granite 0.6 scale 0.4 } finish { MatteFinish } }
  // Blades: each a quadratic Bézier arch from the soil up and out, drawn as
  // a chain of cones that taper to a point.
  #for (I, 0, 39)
    #declare Angle = rand(Blades) * 360;
    #declare Lean = 0.25 + rand(Blades) * 0.75;
    #declare Height = 28 + rand(Blades) * 26;
    #declare Base = <rand(Blades) * 4 - 2, 12.8, rand(Blades) * 4 - 2>;
    #declare Out = vrotate(x, y * Angle);
    #declare Bend = Base + y * Height + Out * Lean * 8;
    #declare Tip = Base + y * Height * (1 - 0.55 * Lean) + Out * Lean * 30;
    #declare Steps = 14;
    union {
      #for (J, 0, Steps - 1)
        #declare T0 = J / Steps;
        #declare T1 = (J + 1) / Steps;
        #declare A = pow(1 - T0, 2) * Base + 2 * (1 - T0) * T0 * Bend + T0 * T0 * Tip;
        #declare B = pow(1 - T1, 2) * Base + 2 * (1 - T1) * T1 * Bend + T1 * T1 * Tip;
        #declare RA = 0.3 * (1 - T0) + 0.004;
        #declare RB = 0.3 * (1 - T1) + 0.004;
        cone { A, RA, B, RB }
        sphere { B, RB }
      #end
      texture { Leaf }
    }
  #end
}

Stage(Plant, Sweep(<0.7, 0.76, 0.66>, 80, 40))
