// A wire bicycle sculpture in a room corner: rims, spokes and frame bent
// from thin wire. Hard part: 1–2 px spokes and 3–4 px tubes, and nearly all
// of the subject's box is holes.
#include "studio.inc"

ProductCamera(<-20, 36, -120>, <0, 20, 0>, 36)
StudioLights(<-100, 150, -110>, 1.0, 0.35, 0.6)

#declare Wire = texture { pigment { srgb <0.36, 0.28, 0.2> } finish { ambient 0.03 diffuse 0.5 specular 0.7 roughness 0.004 metallic reflection { 0.1 metallic } } }
#declare Tube = 0.16;
#declare SpokeR = 0.045;
#declare WheelR = 12.4;
#declare RearAxle = <-19, WheelR + 0.2, 0>;
#declare FrontAxle = <19.5, WheelR + 0.2, 0>;
#declare Crank = <-1.5, 12.5, 0>;
#declare SeatTop = <-6, 29, 0>;
#declare HeadTop = <12.5, 30, 0>;
#declare HeadLow = <13.8, 25.5, 0>;
#macro Wheel(At)
  union {
    torus { WheelR, Tube rotate x * 90 }
    torus { WheelR - 0.8, Tube * 0.6 rotate x * 90 }
    cylinder { <0, 0, -0.8>, <0, 0, 0.8>, 0.5 }
    #for (I, 0, 17)
      #declare A = I * 20;
      cylinder { <0, 0, (mod(I, 2) = 0 ? -0.7 : 0.7)>, vrotate(<WheelR - 0.8, 0, 0>, z * (A + 7)), SpokeR }
    #end
    translate At
  }
#end
#declare Bicycle = union {
  Wheel(RearAxle)
  Wheel(FrontAxle)
  // Frame.
  cylinder { Crank, SeatTop, Tube }
  cylinder { SeatTop, HeadTop, Tube }
  cylinder { Crank, HeadLow, Tube }
  cylinder { HeadLow, HeadTop, Tube * 1.3 }
  cylinder { Crank, RearAxle + z * 0.6, Tube }
  cylinder { Crank, RearAxle - z * 0.6, Tube }
  cylinder { SeatTop, RearAxle + z * 0.6, Tube }
  cylinder { SeatTop, RearAxle - z * 0.6, Tube }
  cylinder { HeadLow, FrontAxle + z * 0.6, Tube }
  cylinder { HeadLow, FrontAxle - z * 0.6, Tube }
  // Seat post, saddle, stem and bars.
  cylinder { SeatTop, SeatTop + <-0.8, 3.5, 0>, Tube }
  superellipsoid { <0.5, 0.5> scale <4, 0.5, 1.4> translate SeatTop + <-0.3, 4, 0> }
  cylinder { HeadTop, HeadTop + <1, 3, 0>, Tube }
  cylinder { HeadTop + <1, 3, -4.5>, HeadTop + <1, 3, 4.5>, Tube }
  // Chainring and pedals.
  torus { 3.2, Tube * 0.8 rotate x * 90 translate Crank - z * 0.9 }
  cylinder { Crank + <0, 0, -1.2>, Crank + <2.4, -3.2, -1.2>, Tube }
  cylinder { Crank + <0, 0, 1.2>, Crank + <-2.4, 3.2, 1.2>, Tube }
  texture { Wire }
  rotate y * 18
}

Stage(Bicycle, RoomCorner(<0.86, 0.84, 0.8>, 45))
