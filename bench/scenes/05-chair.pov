// A Windsor chair in a room corner: splayed legs, rungs, and a bow back of
// thin spindles. Hard part: 3–6 px legs and spindles with the wall and the
// plank floor seen between them.
#include "studio.inc"

ProductCamera(<-60, 95, -210>, <0, 45, 0>, 36)
StudioLights(<-120, 220, -160>, 1.0, 0.35, 0.5)

#declare Beech = texture {
  pigment { wood turbulence 0.1 color_map { [0 srgb <0.78, 0.6, 0.4>] [0.8 srgb <0.72, 0.53, 0.33>] [1 srgb <0.62, 0.44, 0.26>] } scale <0.8, 0.8, 30> }
  finish { SatinFinish }
}
#declare Seat = 44;
#declare Leg = 1.15;
#declare Spindle = 0.42;
#declare Corners = array[4] { <-17, -15>, <17, -15>, <17, 14>, <-17, 14> };
#declare Chair = union {
  // Seat.
  superellipsoid { <0.25, 0.25> scale <21, 1.8, 19> translate y * Seat }
  // Legs from under the seat, splayed out to the floor.
  #for (I, 0, 3)
    #declare C = Corners[I];
    cone { <C.u, Seat - 1, C.v>, Leg, <C.u * 1.22, 0, C.v * 1.25>, Leg * 0.75 }
  #end
  // An H of rungs.
  cylinder { <-18.5, 15, -16.7>, <-18.5, 15, 15.6>, Leg * 0.7 }
  cylinder { <18.5, 15, -16.7>, <18.5, 15, 15.6>, Leg * 0.7 }
  cylinder { <-18.5, 15, 0>, <18.5, 15, 0>, Leg * 0.7 }
  // Back: a bow on two posts, spindles between bow and seat.
  difference {
    torus { 18, 1.1 rotate x * 90 scale <1, 1.5, 1> }
    box { <-30, -40, -3>, <30, 0, 3> }
    translate <0, Seat + 24, 17>
  }
  cylinder { <-18, Seat, 17>, <-18, Seat + 24, 17>, 1.1 }
  cylinder { <18, Seat, 17>, <18, Seat + 24, 17>, 1.1 }
  #for (I, -3, 3)
    #declare X = I * 4.4;
    #declare Top = Seat + 24 + 27 * sqrt(1 - pow(X / 18, 2));
    cylinder { <X * 0.92, Seat, 16>, <X, Top - 0.5, 17>, Spindle }
  #end
  texture { Beech }
  rotate y * 22
}

Stage(Chair, RoomCorner(<0.78, 0.8, 0.76>, 70))
