// A sneaker on a dark grey paper sweep, side-on. Hard part: the dark rubber
// sole on a floor only a little lighter than it, in the shoe's own shadow.
#include "studio.inc"

ProductCamera(<-22, 20, -62>, <-1, 5, 0>, 31)
StudioLights(<-40, 120, -45>, 1.0, 0.3, 0.8)

// The footprint: narrow at the heel and waist, wide at the ball of the foot.
#declare Footprint = blob {
  threshold 0.5
  sphere { <-8.5, 0, 0>, 6.4, 1 scale <1, 1, 0.78> }
  sphere { <-1, 0, 0>, 6.2, 0.6 scale <1, 1, 0.7> }
  sphere { <6.5, 0, 0>, 7.6, 1 scale <1, 1, 0.8> }
  sphere { <11, 0, 0>, 5.6, 1 scale <1, 1, 0.8> }
}
#declare FootColumn = intersection {
  object { Footprint scale <1, 100, 1> }
  box { <-30, -1, -30>, <30, 40, 30> }
}
#declare Sole = intersection {
  object { FootColumn }
  box { <-30, 0, -30>, <30, 3, 30> }
  texture { pigment { srgb <0.15, 0.15, 0.16> } normal { gradient x 0.5 scale 0.9 } finish { ambient 0.03 diffuse 0.6 specular 0.15 roughness 0.03 } }
}
#declare MidsoleLine = intersection {
  object { FootColumn scale <1.003, 1, 1.02> }
  box { <-30, 2.3, -30>, <30, 2.8, 30> }
  texture { pigment { srgb <0.5, 0.5, 0.5> } finish { SatinFinish } }
}
#declare UpperShape = intersection {
  blob {
    threshold 0.5
    sphere { <-8.5, 4, 0>, 7.5, 1 }
    sphere { <-3, 5, 0>, 8, 1 }
    sphere { <3, 3.4, 0>, 7.6, 1 }
    sphere { <9, 2.6, 0>, 6.2, 1 }
    sphere { <-8, 10.5, 0>, 3.6, 0.6 }
    scale <1, 1, 0.62>
  }
  object { FootColumn scale <0.985, 1, 0.97> }
  box { <-30, 2.8, -30>, <30, 40, 30> }
}
#declare Upper = difference {
  object { UpperShape }
  // The collar opening.
  sphere { 0, 1 scale <4.6, 3.2, 3.0> rotate z * -10 translate <-6.5, 12.6, 0> }
  texture {
    pigment { srgb <0.2, 0.38, 0.46> }
    normal { bumps 0.12 scale 0.15 }
    finish { SatinFinish }
  }
}
// Laces: five bars across the instep, placed on the upper's surface.
#declare Laces = union {
  #for (I, 0, 4)
    #declare X = -2.4 + I * 2.0;
    #declare Hit = <0, 0, 0>;
    #declare Top = trace(UpperShape, <X, 30, 0>, -y, Hit);
    cylinder { Top + <0, -0.35, -1.9>, Top + <0, -0.35, 1.9>, 0.26 }
  #end
  texture { pigment { srgb 0.94 } finish { SatinFinish } }
}
// A heel counter in pale leather.
#declare Heel = intersection {
  object { UpperShape scale <1.01, 1, 1.03> }
  box { <-20, 2.8, -10>, <-11.2, 9, 10> }
  texture { pigment { srgb <0.88, 0.86, 0.8> } finish { SatinFinish } }
}
#declare Shoe = union {
  object { Sole }
  object { MidsoleLine }
  object { Upper }
  object { Laces }
  object { Heel }
  rotate y * 24
}

Stage(Shoe, Sweep(<0.34, 0.34, 0.35>, 70, 30))
